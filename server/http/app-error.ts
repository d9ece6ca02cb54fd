import { ERRORS, type ErrorCode, type FieldErrors } from "../../shared/errors";

/** An error a client may see: a shared code, its status and a readable message. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    options: { message?: string; fields?: FieldErrors; cause?: unknown } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.status = ERRORS[code].status;
    this.fields = options.fields;
  }

  readonly fields: FieldErrors | undefined;

  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}
