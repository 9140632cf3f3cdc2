import type { ResourceSpec } from '../../shared/assembly';
import { catalogSync } from './catalogSync';
import { marketingActivity } from './marketingActivity';
import { menu } from './menu';
import { metaobject } from './metaobject';
import { metaobjectDefinition } from './metaobjectDefinition';
import { page } from './page';
import { redirect } from './redirect';

/** The node's resources, each with its operation files (the node file assembles their fields). */
// catalog sync last: the resources that send the store account on every operation share one property
export const commerceResources: ResourceSpec[] = [marketingActivity, menu, metaobject, metaobjectDefinition, page, redirect, catalogSync];
