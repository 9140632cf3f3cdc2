import type { ErrorAdvice } from '../../shared/wire/errorText';
import { apiSays, joined } from '../../shared/wire/errorText';

/** The code only the store endpoints send, and its fix (the wire's shared words cover the rest). */
export const storeErrors: ErrorAdvice = (_status, parsed) =>
	parsed.code === 'hosted_only'
		? {
				message: 'This operation works on hosted stores only',
				description: joined(
					'The store account is on the plugin-based platform, where this endpoint is not available. Choose a hostedstore account.',
					apiSays(parsed),
				),
			}
		: undefined;
