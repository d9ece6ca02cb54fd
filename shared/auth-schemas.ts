import { z } from "zod";
import { ownerText } from "./validation";

/** The login and sign-up rules of spec section 5, used by the forms and the server. */

const email = z
  .string({ error: "Please enter a valid email address." })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Please enter a valid email address." }));

export const passwordSchema = z
  .string({ error: "Password must be at least 8 characters." })
  .min(8, { error: "Password must be at least 8 characters." })
  .max(128, { error: "Password must be at most 128 characters." });

export const nameSchema = ownerText({ error: "Name must be at least 2 characters." })
  .trim()
  .min(2, { error: "Name must be at least 2 characters." })
  .max(100, { error: "Name must be at most 100 characters." });

/** Where a form says its password confirmation differs. */
export const PASSWORDS_DIFFER = { error: "Passwords don't match", path: ["confirmPassword"] };

/** A new password and its confirmation, as the reset and change-password forms ask for them. */
export const newPasswordFields = { newPassword: passwordSchema, confirmPassword: z.string() };

export function newPasswordConfirmed(data: { newPassword: string; confirmPassword: string }): boolean {
  return data.newPassword === data.confirmPassword;
}

export const loginSchema = z.object({ email, password: passwordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z
  .object({ name: nameSchema, email, password: passwordSchema, confirmPassword: z.string() })
  .refine((data) => data.password === data.confirmPassword, PASSWORDS_DIFFER);
export type SignupInput = z.infer<typeof signupSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const RESET_LINK_MISSING = "This link is incomplete. Please open the link from the email again.";

/** The new password follows the sign-up rules and messages. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: RESET_LINK_MISSING }).min(1, { error: RESET_LINK_MISSING }).max(200),
    ...newPasswordFields,
  })
  .refine(newPasswordConfirmed, PASSWORDS_DIFFER);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({ token: z.string().min(1).max(2000) });

export const TOTP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app.";
export const BACKUP_CODE_MESSAGE = "Enter one of your backup codes, like abcde-12345.";

/** A six-digit code from an authenticator app; spaces are ignored. */
export const totpCodeSchema = z
  .string({ error: TOTP_CODE_MESSAGE })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: TOTP_CODE_MESSAGE }));

/** One of the ten backup codes, as shown: five characters, a dash, five more. */
export const backupCodeSchema = z
  .string({ error: BACKUP_CODE_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, { error: BACKUP_CODE_MESSAGE });

/** The second step of a login with two-factor sign-in on. */
export const twoFactorLoginSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCodeSchema, trustDevice: z.boolean().optional() }),
  z.object({ method: z.literal("backup"), code: backupCodeSchema, trustDevice: z.boolean().optional() }),
]);
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;
