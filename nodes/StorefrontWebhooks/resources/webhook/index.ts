import { assembleResource } from '../../../shared/descriptions';
import * as create from './create';
import * as del from './delete';
import * as getAll from './getAll';
import * as sendTest from './sendTest';
import * as update from './update';

export const webhookProperties = assembleResource('webhook', [create, del, getAll, sendTest, update], 'create');
