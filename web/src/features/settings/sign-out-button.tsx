import { useState } from "react";
import { Button, type ButtonProps } from "../../components/ui/button";
import { errorToast } from "../../components/ui/use-toast";

/**
 * A secondary button that signs out: it reads "Signing out..." while `signOut` runs. Done, the page or the row goes
 * away; refused, the error shows and the button can be pressed again.
 */
export function SignOutButton({ signOut, ...props }: { signOut: () => Promise<void> } & Omit<ButtonProps, "onClick">) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      {...props}
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          await signOut();
        } catch (error) {
          errorToast((error as Error).message);
          setPending(false);
        }
      }}
    >
      {pending ? "Signing out..." : props.children}
    </Button>
  );
}
