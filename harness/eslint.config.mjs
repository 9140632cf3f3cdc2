// plain-Node code: see ../eslint.plain-node.mjs
export { default } from '../eslint.plain-node.mjs';
