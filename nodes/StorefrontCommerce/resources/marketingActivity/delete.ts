import { markDeleted } from '../../../shared/requestActions';
import { accountId, remoteId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, remoteId];

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a marketing activity',
	description: 'Remove the activity from the Marketing section (hosted stores only)',
	method: 'DELETE',
	path: '/v1/commerce/marketing-activities/{remoteId}',
	fields,
	postReceive: [markDeleted],
});
