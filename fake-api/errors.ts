/** An API error answered with the body of docs/reference/contract.md: `{error: {code, message, details?, requiredScope?}}`. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly extra: { details?: Array<{ field: string; message: string }>; requiredScope?: string } = {},
		readonly headers: Record<string, string> = {},
	) {
		super(message);
	}

	toBody() {
		return { error: { code: this.code, message: this.message, ...this.extra } };
	}
}

export const notFound = (what: string, id: string) =>
	new ApiError(404, 'not_found', `${what} ${id} was not found`);

export const invalid = (field: string, message: string) =>
	new ApiError(400, 'invalid_request', `${field}: ${message}`, { details: [{ field, message }] });
