import type { ResourceSpec } from '../../../shared/assembly';
import * as getBest from './getBest';
import * as getPhotoappAccounts from './getPhotoappAccounts';
import * as getPhotoappPosts from './getPhotoappPosts';
import * as getPronetPages from './getPronetPages';
import * as getVideonetIdentities from './getVideonetIdentities';

export const post: ResourceSpec = {
	name: 'Post',
	value: 'post',
	operations: [getBest, getPhotoappAccounts, getPhotoappPosts, getPronetPages, getVideonetIdentities],
	defaultOperation: 'getBest',
};
