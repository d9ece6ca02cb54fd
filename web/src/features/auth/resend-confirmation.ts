import { errorToast, toast } from "../../components/ui/use-toast";
import { api } from "../../lib/api";

/** Sends the signed-in owner a new confirmation link and says so. */
export async function resendConfirmation(email: string): Promise<void> {
  try {
    await api("/api/auth/verification-email", { body: {} });
    toast({ title: "Email sent", description: `We sent a new confirmation link to ${email}.` });
  } catch (error) {
    errorToast((error as Error).message);
  }
}
