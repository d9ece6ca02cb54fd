import { APIError } from "better-auth/api";
import type { z } from "zod";
import { BACKUP_CODE_MESSAGE, TOTP_CODE_MESSAGE, type twoFactorLoginSchema } from "../../shared/auth-schemas";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";

type Input = z.output<typeof twoFactorLoginSchema>;

/**
 * The second step of a login: a code from the authenticator app, or one of the
 * backup codes (each works once). better-auth holds the waiting sign-in in a
 * ten-minute cookie, allows five wrong codes per sign-in and locks two-factor
 * sign-in for 15 minutes after ten wrong codes in a row; each becomes one of
 * our errors here.
 */
export async function verifyTwoFactorLogin(deps: Pick<AppDeps, "auth">, headers: Headers, input: Input) {
  try {
    const { response, headers: set } =
      input.method === "totp"
        ? await deps.auth.api.verifyTOTP({
            body: { code: input.code, trustDevice: input.trustDevice },
            headers,
            returnHeaders: true,
          })
        : await deps.auth.api.verifyBackupCode({
            body: { code: input.code, trustDevice: input.trustDevice },
            headers,
            returnHeaders: true,
          });
    const user = response.user as { id: string; name: string; email: string; emailVerified: boolean };
    return { user, headers: set };
  } catch (error) {
    throw twoFactorError(error, input.method === "totp" ? WRONG_TOTP : WRONG_BACKUP_CODE);
  }
}

export const WRONG_TOTP = `That code didn't work. ${TOTP_CODE_MESSAGE} Codes change every 30 seconds.`;
export const WRONG_BACKUP_CODE = `That backup code didn't work, or it was already used. ${BACKUP_CODE_MESSAGE}`;

/** better-auth's two-factor refusals as our codes; anything else is passed on. */
export function twoFactorError(error: unknown, wrongCode: string): unknown {
  if (!(error instanceof APIError)) return error;
  const code = String(error.body?.code ?? "");
  if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") {
    return new AppError("validation:two_factor", { fields: { code: wrongCode } });
  }
  if (code === "ACCOUNT_TEMPORARILY_LOCKED") return new AppError("rate_limit:two_factor");
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    return new AppError("unauthorized:two_factor_expired");
  }
  return error;
}
