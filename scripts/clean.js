#!/usr/bin/env node
// Removes build output folders (no extra dependency for a one-liner).
const fs = require('node:fs');

for (const dir of process.argv.slice(2)) fs.rmSync(dir, { recursive: true, force: true });
