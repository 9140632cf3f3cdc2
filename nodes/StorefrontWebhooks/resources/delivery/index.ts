import { assembleResource } from '../../../shared/descriptions';
import * as getAll from './getAll';
import * as redeliver from './redeliver';

export const deliveryProperties = assembleResource('delivery', [getAll, redeliver], 'getAll');
