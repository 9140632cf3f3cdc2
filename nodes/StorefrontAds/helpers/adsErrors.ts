import type { ErrorAdvice } from '../../shared/wire/errorText';
import { apiSays, joined } from '../../shared/wire/errorText';

/** The codes only the ads endpoints send, and their fix (the wire's shared words cover the rest). */
export const adsErrors: ErrorAdvice = (status, parsed, retryAfter) => {
	switch (parsed.code) {
		case 'ads_addon_required':
			return {
				message: 'Ads calls need the ads add-on',
				description: 'Enable the ads add-on (a paid add-on, available on any plan) in your Storefront dashboard, then run the node again.',
			};
		case 'read_only_key':
			return { message: 'A read-only API key cannot connect an account', description: 'Use an API key with write access in the Storefront API credential.' };
		case 'invalid_credentials':
			return { message: 'The chat network rejected the API key', description: 'Check the chat network ads API key (copy it again from its ads manager) and retry.' };
		case 'unsupported_platform_operation':
			return {
				message: 'This network cannot change that on an existing ad',
				description: joined('Creative and targeting of microblog and chatnet ads cannot be edited: create a new ad instead.', apiSays(parsed)),
			};
	}
	// socialnet allows 30 Validate Only writes per ad account per 5 minutes (reference: Limits)
	if (status === 429 && /dry.?run|validateOnly/i.test(parsed.message ?? '')) {
		return {
			message: 'Too many Validate Only checks: the dry-run limit of 30 per ad account per 5 minutes is reached',
			description: `Wait ${retryAfter ? `${retryAfter} seconds, as the API asked,` : 'a few minutes'} before the next Validate Only on this ad account. Validate once when the ad is ready rather than on every run; creates without Validate Only are not affected.`,
		};
	}
	return undefined;
};
