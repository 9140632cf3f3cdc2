import type { INodeProperties } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { locatorDeclaredAs, resourceLocator, type Field, type LocatorSpec } from '../../shared/fieldBuilders';

/**
 * The IDs the Ads node's operations pick From list or take By ID (resource locators), and the
 * builders that declare one under another name. Each operation imports the ones it shows into its
 * `fields`; the node declares each name once (nodes/shared/oneDeclarationPerName.ts) and registers
 * `adsLocators` for their ID checks and tool descriptions.
 */

export const accountId = resourceLocator({
	displayName: 'Ad Connection',
	name: 'accountId',
	searchListMethod: 'searchAdConnections',
	placeholder: 'e.g. acc_social1',
	description: 'The connected ad network login, shown with its network',
	idPattern: { regex: '^acc_\\S+$', message: 'An ad connection ID starts with acc_' },
	listedBy: actionName('connection', 'getAll'),
});

export const adAccountId = resourceLocator({
	displayName: 'Ad Account',
	name: 'adAccountId',
	searchListMethod: 'searchAdAccounts',
	placeholder: 'e.g. act_1001',
	description: "The network's ad account, loaded for the chosen ad connection; its currency is the budget's",
	listedBy: actionName('connection', 'getAdAccounts'),
});

export const campaignId = resourceLocator({
	displayName: 'Campaign',
	name: 'campaignId',
	searchListMethod: 'searchCampaigns',
	placeholder: 'e.g. 120210000000001',
	description: "The campaign, by the network's own campaign ID; the list shows each campaign's platform",
	listedBy: actionName('campaign', 'getAll'),
});

export const adId = resourceLocator({
	displayName: 'Ad',
	name: 'adId',
	searchListMethod: 'searchAds',
	placeholder: 'e.g. ad_000123',
	idPattern: { regex: '^ad_\\S+$', message: 'An ad ID starts with ad_' },
	listedBy: actionName('ad', 'getAll'),
});

export const adSetId = resourceLocator({
	displayName: 'Ad Set',
	name: 'adSetId',
	searchListMethod: 'searchAdSets',
	placeholder: 'e.g. 120210000000002',
	description: 'The ad set (socialnet), ad group (searchnet, chatnet) or line item (microblog)',
	listedBy: actionName('adSet', 'getAll'),
});

/** The post a boost promotes: picked from the chosen connection's posts ranked for boosting, or by any ID the API takes. */
export const postId = resourceLocator({
	displayName: 'Post',
	name: 'postId',
	searchListMethod: 'searchBestPosts',
	placeholder: "e.g. post_abc123 or the network's post ID",
	description: "The published post to boost. The list ranks the chosen connection's posts (socialnet and videonet); by ID it takes a post_ ID or the network's own post ID",
	listedBy: actionName('post', 'getBest'),
});

export const audienceId = resourceLocator({
	displayName: 'Audience',
	name: 'audienceId',
	searchListMethod: 'searchAudiences',
	placeholder: 'e.g. aud_000123',
	description: 'An audience of the chosen ad connection',
	idPattern: { regex: '^aud_\\S+$', message: 'An audience ID starts with aud_' },
	listedBy: actionName('audience', 'getAll'),
});

export const keywordId = resourceLocator({ displayName: 'Keyword', name: 'keywordId', searchListMethod: 'searchKeywords', placeholder: 'e.g. kw_000123', listedBy: actionName('keyword', 'getAll') });

/**
 * An optional locator of the same kind as `original` (its list, ID format and name): a filter or option
 * in a collection, where a value is not required. `changes` may name another list or description.
 */
export function optionalLocator<As extends string>(original: Field, as: As, changes: Partial<Omit<LocatorSpec, 'name'>> = {}): Field<As> {
	return resourceLocator({ ...locatorDeclaredAs(original)!, required: false, ...changes, name: as });
}

/** Filters → Campaign of the Get Many lists (ads, ad sets, keywords, search terms): one option, the same on each. */
export const campaignFilter = optionalLocator(campaignId, 'campaignId', { description: "Only those of this campaign, by the network's own campaign ID; the list shows each campaign's platform" });

/** Filters → Ad Group of Keyword → Get Many: the connection's ad sets, of the campaign under Filters when one is chosen. */
export const adGroupFilter = optionalLocator(adSetId, 'adSetId', {
	displayName: 'Ad Group',
	description: "Only the keywords of this ad group; the list shows the chosen connection's, of the campaign under Filters when one is chosen",
});

/** Filters → Ad Account of Audience → Get Many: the chosen connection's ad accounts. */
export const adAccountFilter = optionalLocator(adAccountId, 'adAccountId', { description: "Only the audiences of this ad account; the list shows the chosen connection's ad accounts" });

/** Filters → Ad Account of Campaign → Get Many, which has no Ad Connection: the list shows the ad accounts of every connection. */
export const everyAdAccountFilter = optionalLocator(adAccountId, 'adAccountId', {
	searchListMethod: 'searchEveryAdAccount',
	description: 'Only the campaigns of this ad account; the list shows the ad accounts of every connection, each with its connection',
});

/** The searchnet account of keyword ideas, historical metrics and search terms (in their Options or Filters): an ad account of the searchnet connection. */
export const customerId = resourceLocator({
	displayName: 'Customer',
	name: 'customerId',
	searchListMethod: 'searchAdAccounts',
	required: false,
	placeholder: 'e.g. 123-456-7890',
	description: "The searchnet account (customer), when the connection has several; the list shows the chosen connection's ad accounts",
	listedBy: actionName('connection', 'getAdAccounts'),
});

/** Ad → Create on pronet: the Company Page the ad runs as, from the chosen connection's Pages. */
export const organizationId = resourceLocator({
	displayName: 'Company Page',
	name: 'organizationId',
	searchListMethod: 'searchPronetPages',
	required: false,
	placeholder: 'e.g. 2414183',
	description: "The Company Page the ad runs as, by its organization ID; the list shows the chosen connection's Pages",
	listedBy: actionName('post', 'getPronetPages'),
});

/** Ad → Create on videonet: the profile shown on the ad, from the chosen connection and ad account's identities. */
export const identityId = resourceLocator({
	displayName: 'Identity',
	name: 'identityId',
	searchListMethod: 'searchVideonetIdentities',
	required: false,
	placeholder: 'e.g. 7000000000001',
	description: "The profile shown on the ad; the list shows the chosen ad account's identities, each with its type (set Identity Type to it)",
	listedBy: actionName('post', 'getVideonetIdentities'),
});

/** Ad → Create's Additional Fields → Existing Campaign: a campaign of the chosen ad account. */
export const existingCampaignId = optionalLocator(campaignId, 'existingCampaignId', {
	displayName: 'Existing Campaign',
	description: "Add the ad to this campaign instead of creating one (socialnet, searchnet); the list shows the chosen ad account's campaigns",
});

/** Ad → Create's Additional Fields → Audience: a saved audience of the chosen connection. */
export const audienceOption = optionalLocator(audienceId, 'audienceId', { description: 'A saved audience of the chosen connection to target' });

/**
 * A field's declaration under another name, where an operation needs it otherwise: an optional
 * filter in its Options collection, or a field only one network needs. A name is either required
 * wherever it shows or never (docs/nodes.md, "Storefront Ads"), and each name stays one property. A
 * locator is registered under its new name too, so that its ID check and the tool description find it.
 */
export function renamedField<As extends string>(original: Field, as: As, changes: Omit<Partial<INodeProperties>, 'name'> = {}): Field<As> {
	const spec = locatorDeclaredAs(original);
	const renamed = spec ? resourceLocator({ ...spec, name: as }) : { ...original, name: as };
	// without changes, a locator stays the declaration `adsLocators` can list
	return Object.keys(changes).length ? { ...renamed, ...changes } : renamed;
}

/** Insight → Get's videonet Ad Account (the advertiser): a name of its own, required on that network only. */
export const videonetAdAccountId = renamedField(adAccountId, 'videonetAdAccountId');

/** The node's locators, registered by StorefrontAds.node.ts for their ID checks and tool descriptions (fieldBuilders.ts registerLocators). */
export const adsLocators = [accountId, adAccountId, campaignId, adId, adSetId, audienceId, keywordId, postId, videonetAdAccountId, customerId, organizationId, identityId, existingCampaignId];

