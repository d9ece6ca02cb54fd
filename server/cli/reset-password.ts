import { setTemporaryPassword } from "../auth/temporary-password";
import { EnvError, loadEnv } from "../env";
import { createLogger, secretsOf } from "../logger";
import { buildDeps } from "../start";

/**
 * npm run user:reset-password -- <email> [--turn-off-two-factor]
 *
 * Sets a temporary password for an owner who cannot reset it by email (no
 * SMTP_URL), and prints it. Every session of the account ends. With the
 * embedded database, stop the server first: only one process may open it.
 */
async function main() {
  const args = process.argv.slice(2);
  const turnOffTwoFactor = args.includes("--turn-off-two-factor");
  const email = args.find((arg) => !arg.startsWith("--"));
  if (!email) {
    console.error("Usage: npm run user:reset-password -- <email> [--turn-off-two-factor]");
    process.exit(2);
  }
  const env = loadEnv();
  const log = createLogger("warn", { secrets: secretsOf(env) });
  const deps = await buildDeps({ env, log });
  try {
    const result = await setTemporaryPassword(deps, email, { turnOffTwoFactor });
    if (!result.found) {
      console.error(`There is no account with the email ${email}.`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(
      [
        `Temporary password for ${email}: ${result.password}`,
        "",
        "Every session of this account has ended.",
        ...(result.twoFactorTurnedOff ? ["Two-factor sign-in is now off for this account."] : []),
        "Give the owner this password in person or by phone, and ask them to change it in Settings right after",
        "logging in (Settings → Account → Change password).",
        "",
      ].join("\n"),
    );
  } finally {
    await deps.database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof EnvError ? error.message : `Could not reset the password: ${(error as Error).message}`,
  );
  process.exit(1);
});
