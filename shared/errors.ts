/**
 * Error codes shared by the server and the browser. Every error leaves the
 * server as { error: { code, message, fields? } } with the status listed here.
 */
export const ERRORS = {
  "bad_request:api": { status: 400, message: "The request could not be understood." },
  "bad_request:json": { status: 400, message: "The request body is not valid JSON." },
  "validation:request": { status: 400, message: "Some fields need attention." },
  "validation:signup": { status: 400, message: "Some fields need attention." },
  "validation:login": { status: 400, message: "Some fields need attention." },
  "validation:onboarding": { status: 400, message: "Some answers need attention." },
  "validation:training": { status: 400, message: "Some answers need attention." },
  "validation:chat": { status: 400, message: "Please write a message of at most 4,000 characters." },
  "validation:account": { status: 400, message: "Some fields need attention." },
  "validation:reset": { status: 400, message: "Some fields need attention." },
  "validation:two_factor": { status: 400, message: "That code didn't work. Please check it and try again." },
  "auth:reset_link_invalid": {
    status: 400,
    message: "This link has expired or has already been used. Please ask for a new one.",
  },
  "auth:confirmation_link_invalid": {
    status: 400,
    message: "This confirmation link has expired or is not valid. Please send a new one.",
  },
  "auth:no_sign_in_waiting": {
    status: 400,
    message: "No sign-in is waiting for a code. Please log in with your email and password first.",
  },
  "validation:conversation": { status: 400, message: "Some fields need attention." },
  "validation:knowledge": { status: 400, message: "Some fields need attention." },
  "validation:board": { status: 400, message: "Some fields need attention." },
  "validation:memory": { status: 400, message: "Some fields need attention." },
  "unauthorized:session": { status: 401, message: "Please log in to continue." },
  "unauthorized:credentials": { status: 401, message: "Invalid email or password." },
  "unauthorized:two_factor_expired": {
    status: 401,
    message: "Your sign-in took too long or had too many wrong codes. Please log in again.",
  },
  "plan:trial_ended": {
    status: 402,
    message: "Your 7-day free trial has ended. Choose a plan to keep working with your directors.",
  },
  "plan:required": { status: 402, message: "Choose a plan to continue." },
  "plan:trial_used": {
    status: 409,
    message: "The free trial can be started once per account. Please choose a paid plan.",
  },
  "plan:director_limit": {
    status: 403,
    message: "Your plan does not include another director. Upgrade your plan to train more directors.",
  },
  "plan:lapsed": {
    status: 402,
    message:
      "Your paid plan has ended. Choose a plan to keep working with your directors; everything you saved is kept.",
  },
  "billing:checkout_required": {
    status: 409,
    message: "Paid plans are paid for on the secure checkout page. Please choose the plan again.",
  },
  "billing:not_configured": { status: 409, message: "Payments are not set up on this server." },
  "billing:already_subscribed": {
    status: 409,
    message: "You already pay for a plan. Change it here, or manage your billing in Settings.",
  },
  "billing:no_subscription": { status: 409, message: "You have no paid plan to manage yet." },
  "billing:kept_director_required": {
    status: 400,
    message: "Choose which trained director stays active on Standard.",
  },
  "billing:payment_declined": {
    status: 402,
    message: "Your card was declined, so your plan has not changed. Update your card in Manage billing and try again.",
  },
  "billing:webhook_invalid": { status: 400, message: "The event's signature could not be verified." },
  "billing:unavailable": {
    status: 502,
    message: "The payment service could not be reached. Please try again in a moment.",
  },
  "director:unavailable": { status: 403, message: "This director is not available yet." },
  "board:not_enough_directors": {
    status: 403,
    message: "A board meeting needs at least two trained directors. Train another director to hold one.",
  },
  "board:preview_used": {
    status: 403,
    message: "You have held your preview board meeting. Choose a plan with more directors to hold board meetings.",
  },
  "board:preview_follow_up": {
    status: 403,
    message: "The preview board meeting answers one question. Choose a plan with more directors to ask follow-ups.",
  },
  "forbidden:api": { status: 403, message: "You do not have access to this." },
  "forbidden:origin": {
    status: 403,
    message: "This request did not come from a page of this app. Please reload the page and try again.",
  },
  "not_found:api": { status: 404, message: "Not found." },
  "not_found:director": { status: 404, message: "Failed to load director data. Please try again." },
  "not_found:profile": { status: 404, message: "Complete onboarding first." },
  "not_found:session": { status: 404, message: "This session has already ended." },
  "conflict:email": { status: 409, message: "An account with this email already exists." },
  "conflict:two_factor": { status: 409, message: "Two-factor sign-in is already on." },
  "not_found:conversation": { status: 404, message: "This conversation could not be found." },
  "not_found:fact": { status: 404, message: "This fact could not be found. It may have been deleted." },
  "validation:numbers": { status: 400, message: "Some values need attention." },
  "not_found:metric": { status: 404, message: "This metric could not be found. It may have been deleted." },
  "numbers:metric_limit": {
    status: 403,
    message: "Your plan has no room for another metric. Remove one or upgrade your plan to add more.",
  },
  "validation:schedule": { status: 400, message: "Some fields need attention." },
  "not_found:schedule": { status: 404, message: "This scheduled request could not be found." },
  "schedule:limit": {
    status: 403,
    message: "Your plan has no room for another scheduled request. Remove one or upgrade your plan.",
  },
  "not_found:brief": { status: 404, message: "This brief could not be found." },
  "numbers:confirm": { status: 409, message: "Some values need a second look. Check them, then save again." },
  "not_found:share": {
    status: 404,
    message: "This shared conversation is not available. The link may have been revoked.",
  },
  "conflict:answer_in_progress": {
    status: 409,
    message: "An answer is still being written. Wait for it to finish, or stop it first.",
  },
  "not_found:source": { status: 404, message: "This source was not found. It may have been deleted." },
  "knowledge:unsupported_type": {
    status: 415,
    message: "This type of file cannot be added. Add a PDF, Word (DOCX), text, Markdown, CSV or HTML file.",
  },
  "knowledge:empty_file": { status: 400, message: "This file is empty." },
  "knowledge:file_too_large": { status: 413, message: "This file is too large to add." },
  "knowledge:source_limit": {
    status: 403,
    message: "Your plan's knowledge is full. Delete a source or upgrade your plan to add more.",
  },
  "knowledge:storage_limit": {
    status: 403,
    message: "There is not enough room left on your plan for this. Delete a source or upgrade your plan.",
  },
  "knowledge:busy": { status: 409, message: "This source is still being read. Wait until it is ready or has failed." },
  "website:unreadable": { status: 422, message: "We couldn't read your website." },
  "website:no_ai_service": {
    status: 503,
    message:
      "Drafting your answers from your website needs an AI service, and none is connected yet. Please answer the questions yourself.",
  },
  "website:draft_failed": {
    status: 502,
    message:
      "We read your website but couldn't draft your answers this time. Try again, or answer the questions yourself.",
  },
  "training:no_ai_service": {
    status: 503,
    message:
      "Drafting your answers needs an AI service, and none is connected yet. Please answer the questions yourself.",
  },
  "training:draft_failed": {
    status: 502,
    message: "We couldn't draft your answers this time. Try again, or answer the questions yourself.",
  },
  "payload_too_large:api": { status: 413, message: "The request is too large." },
  "unsupported_media_type:api": { status: 415, message: "Send the request body as JSON." },
  "rate_limit:auth": { status: 429, message: "Too many attempts. Please wait a minute and try again." },
  "rate_limit:login": {
    status: 429,
    message: "Too many failed attempts for this account from here. Please wait 15 minutes, or reset your password.",
  },
  "rate_limit:two_factor": { status: 429, message: "Too many wrong codes. Please wait 15 minutes and try again." },
  "rate_limit:email": {
    status: 429,
    message: "We have just sent you an email. Please check your inbox, or wait a few minutes before asking again.",
  },
  "rate_limit:chat": {
    status: 429,
    message: "You are sending messages very quickly. Please wait a minute and try again.",
  },
  "rate_limit:website": {
    status: 429,
    message:
      "You have drafted from a website several times in the last hour. Please answer the questions yourself, or try again later.",
  },
  "rate_limit:training_draft": {
    status: 429,
    message:
      "You have drafted answers several times in the last hour. Please answer the questions yourself, or try again later.",
  },
  "training:store_failed": { status: 500, message: "There was a problem saving your training data. Please try again." },
  "training:embedding_failed": { status: 502, message: "Failed to process your context data. Please try again." },
  "training:context_store_failed": { status: 500, message: "Failed to store your training data. Please try again." },
  "training:process_failed": { status: 500, message: "Failed to process your training data. Please try again." },
  "ai:not_configured": { status: 503, message: "The AI service is not configured." },
  "board:no_answers": {
    status: 502,
    message: "No director could answer, so there is no memo yet. Retry the directors above.",
  },
  "ai:unavailable": { status: 502, message: "Failed to generate a response. Please try again." },
  "ai:rate_limit": { status: 503, message: "The AI service is busy, try again in a minute." },
  "ai:timeout": { status: 504, message: "Assistant response timed out" },
  "mail:not_configured": {
    status: 503,
    message: "Email is not set up on this server. Please ask the person who runs Directors to reset your password.",
  },
  "server:database": { status: 503, message: "The service is temporarily unavailable. Please try again." },
  "server:internal": { status: 500, message: "Something went wrong on our side. Please try again." },
  "validation:voice": {
    status: 400,
    message: "Send the recording as the field “file” of a multipart/form-data upload.",
  },
  "voice:empty": { status: 400, message: "The recording is empty. Please record again." },
  "voice:too_large": {
    status: 413,
    message: "This recording is larger than 10 MB, the most one recording may be. Please record a shorter question.",
  },
  "voice:too_long": {
    status: 413,
    message:
      "This recording is longer than 2 minutes, the most one recording may be. Please record a shorter question.",
  },
  "voice:unsupported_format": {
    status: 415,
    message:
      "This recording's format cannot be used. Recordings can be up to 2 minutes and 10 MB, as WebM, Ogg, MP4, WAV or MP3 audio.",
  },
  "voice:not_available": { status: 501, message: "The AI service does not offer speech." },
  "rate_limit:voice": {
    status: 429,
    message: "You are using voice very quickly. Please wait a minute and try again.",
  },
  "validation:document": { status: 400, message: "Some fields need attention." },
  "not_found:document": {
    status: 404,
    message: "This document could not be found. It may have been deleted, or the link revoked.",
  },
  "documents:count_limit": {
    status: 403,
    message: "Your plan's documents are full. Delete a document or upgrade your plan to draft more.",
  },
  "documents:too_large": {
    status: 413,
    message: "This document is larger than your plan allows. Shorten it or split it into two documents.",
  },
  "conflict:document_version": {
    status: 409,
    message:
      "This document was changed in another tab or window since you opened it. Your changes are still here: load the latest version to compare, or save yours as a new version.",
  },
  "conflict:document_drafting": {
    status: 409,
    message: "The director is still drafting this document. Wait for the draft to finish, then try again.",
  },
  "documents:draft_incomplete": { status: 502, message: "Failed to generate a response. Please try again." },
  "rate_limit:documents": {
    status: 429,
    message:
      "You have asked for many drafts and changes in the last hour. Please edit the document yourself, or try again later.",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Field name → the message to show under that field. */
export type FieldErrors = Record<string, string>;

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && value in ERRORS;
}
