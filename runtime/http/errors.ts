/**
 * Errors that become API responses. Validation errors carry NetBox's body shapes: a field → messages
 * object, an array aligned with a bulk request, or `{detail}` for everything else.
 */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: unknown, readonly headers: Record<string, string> = {}) {
    super(typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : `HTTP ${status}`);
  }
}

export type FieldErrors = Record<string, unknown>;

export const badRequest = (body: unknown) => new ApiError(400, body);
export const detail = (status: number, message: string, headers?: Record<string, string>) => new ApiError(status, { detail: message }, headers);
export const notFound = (message = 'Not found.') => detail(404, message);
export const forbidden = (message = 'You do not have permission to perform this action.') => detail(403, message);
export const conflict = (message: string) => detail(409, message);

/** Collects field errors; `throwIfAny` raises one 400 with all of them. */
export class ErrorBag {
  // no prototype: a body key such as `__proto__` is an ordinary key here
  readonly errors: FieldErrors = Object.create(null) as FieldErrors;

  add(key: string, message: string): void {
    const list = (Object.hasOwn(this.errors, key) ? this.errors[key] as string[] : undefined) ?? [];
    if (!list.includes(message)) list.push(message);
    this.errors[key] = list;
  }

  set(key: string, value: unknown): void {
    this.errors[key] = value;
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw badRequest(this.errors);
  }
}
