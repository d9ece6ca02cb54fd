import { useQuery } from "@tanstack/react-query";
import type {
  ChangePasswordInput,
  ConfirmTwoFactorInput,
  ConfirmWithPasswordInput,
  DeleteAccountInput,
  UpdateNameInput,
} from "#shared/account-schemas";
import type { AccountOverview, AiStatus, SecurityOverview, TwoFactorSetup } from "#shared/settings";
import { api } from "../../lib/api";
import type { SessionUser } from "../../lib/use-session";

export const ACCOUNT_QUERY_KEY = ["account"] as const;
export const AI_STATUS_QUERY_KEY = ["settings", "ai"] as const;

/** The browser downloads this address itself, so the export arrives as a file. */
export const EXPORT_URL = "/api/account/export";

/** Account, plan, business profile and directors of the signed-in owner (GET /api/account). */
export function useAccountOverview() {
  return useQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: () => api<AccountOverview>("/api/account") });
}

/** Which AI models are configured (GET /api/settings/ai). */
export function useAiStatus() {
  return useQuery({ queryKey: AI_STATUS_QUERY_KEY, queryFn: () => api<AiStatus>("/api/settings/ai") });
}

export function updateName(input: UpdateNameInput) {
  return api<{ user: SessionUser }>("/api/account", { method: "PATCH", body: input });
}

export function changePassword(input: ChangePasswordInput) {
  return api<{ ok: true }>("/api/account/password", { body: input });
}

export function signOutEverywhere() {
  return api<{ ok: true }>("/api/account/sign-out-everywhere", { body: {} });
}

export function deleteAccount(input: DeleteAccountInput) {
  return api<{ ok: true }>("/api/account", { method: "DELETE", body: input });
}

export function deleteDirectorTraining(directorId: string) {
  return api<{ ok: true }>(`/api/settings/directors/${encodeURIComponent(directorId)}/training`, {
    method: "DELETE",
    body: {},
  });
}

export const SECURITY_QUERY_KEY = ["account", "security"] as const;

/** Two-factor sign-in and the signed-in devices (GET /api/account/security). */
export function useSecurity() {
  return useQuery({ queryKey: SECURITY_QUERY_KEY, queryFn: () => api<SecurityOverview>("/api/account/security") });
}

export function startTwoFactorSetup(input: ConfirmWithPasswordInput) {
  return api<TwoFactorSetup>("/api/account/security/two-factor", { body: input });
}

export function confirmTwoFactor(input: ConfirmTwoFactorInput) {
  return api<{ ok: true }>("/api/account/security/two-factor/confirm", { body: input });
}

export function turnOffTwoFactor(input: ConfirmWithPasswordInput) {
  return api<{ ok: true }>("/api/account/security/two-factor/disable", { body: input });
}

export function newBackupCodes(input: ConfirmWithPasswordInput) {
  return api<{ backupCodes: string[] }>("/api/account/security/two-factor/backup-codes", { body: input });
}

export function signOutSession(id: string) {
  return api<{ ok: true; current: boolean }>(`/api/account/security/sessions/${encodeURIComponent(id)}`, {
    method: "DELETE",
    body: {},
  });
}
