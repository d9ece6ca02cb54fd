import { z } from "zod";
import { nameSchema, newPasswordConfirmed, newPasswordFields, PASSWORDS_DIFFER, totpCodeSchema } from "./auth-schemas";

/** Request bodies of the settings screen's account forms, used by the forms and the server. */

export const updateNameSchema = z.object({ name: nameSchema });
export type UpdateNameInput = z.infer<typeof updateNameSchema>;

export const CURRENT_PASSWORD_REQUIRED = "Please enter your current password.";
export const CURRENT_PASSWORD_WRONG = "Your current password is incorrect.";

/** The new password follows the sign-up rules and messages of spec section 5. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .min(1, { error: CURRENT_PASSWORD_REQUIRED })
      .max(128, { error: CURRENT_PASSWORD_WRONG }),
    ...newPasswordFields,
  })
  .refine(newPasswordConfirmed, PASSWORDS_DIFFER);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const DELETE_EMAIL_MISMATCH = "Type the email address of this account to confirm.";

/** Deleting the account is confirmed by typing its email; the server compares it, ignoring case. */
export const deleteAccountSchema = z.object({
  email: z.string({ error: DELETE_EMAIL_MISMATCH }).trim().min(1, { error: DELETE_EMAIL_MISMATCH }).max(320),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export function emailMatches(typed: string, accountEmail: string): boolean {
  return typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();
}

export const PASSWORD_REQUIRED = "Please enter your password.";
export const PASSWORD_WRONG = "Your password is incorrect.";

/** Turning two-factor sign-in on or off, or new backup codes, needs the account's password. */
export const confirmWithPasswordSchema = z.object({
  password: z
    .string({ error: PASSWORD_REQUIRED })
    .min(1, { error: PASSWORD_REQUIRED })
    .max(128, { error: PASSWORD_WRONG }),
});
export type ConfirmWithPasswordInput = z.infer<typeof confirmWithPasswordSchema>;

/** The first code from the authenticator app, which proves it is set up. */
export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema });
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;
