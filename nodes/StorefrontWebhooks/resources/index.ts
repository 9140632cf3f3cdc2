import type { ResourceSpec } from '../../shared/assembly';
import { delivery } from './delivery';
import { webhook } from './webhook';

/** The node's resources, each with its operation files (the node file assembles their fields). */
export const webhooksResources: ResourceSpec[] = [webhook, delivery];
