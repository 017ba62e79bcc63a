'use strict';
/* What the tests share: the package from the build (TG_NODE_PACKAGE, as
 * CTest sets it; else build/node/tinygrad_mlir), or exit 77, which CTest
 * reports as skipped, when koffi is not installed. */
const path = require('path');

const SKIP = 77;

function loadPackage() {
  const dir = process.env.TG_NODE_PACKAGE || path.join(__dirname, '..', '..', 'build', 'node', 'tinygrad_mlir');
  try {
    require.resolve('koffi', { paths: [dir] });
  } catch (e) {
    console.log(`SKIPPED: koffi is not installed (scripts/install-deps.sh runs npm ci in node/): ${e.message.split('\n')[0]}`);
    process.exit(SKIP);
  }
  return require(dir);
}

module.exports = { loadPackage, SKIP };
