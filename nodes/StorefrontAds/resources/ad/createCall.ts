import { createAd } from '../../helpers/adCreate';

export const { option, leading, uses, properties } = createAd('call');
