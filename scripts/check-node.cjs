// Run first by `npm start` and `npm test` (issue #41): on a Node older than `engines.node` of package.json
// they stop here, at once, with one sentence, instead of failing halfway through a build or a test.
// Plain old JavaScript on purpose (var, no arrows, CommonJS): it must run, and say so, on any old Node.
'use strict';
var path = require('path');
var engines = require(path.join(__dirname, '..', 'package.json')).engines.node;

function parse(version) {
  return version.replace(/^v/, '').split('.').map(function (part) {
    return parseInt(part, 10) || 0;
  });
}

function atLeast(have, need) {
  for (var i = 0; i < 3; i++) {
    if (have[i] !== need[i]) return have[i] > need[i];
  }
  return true;
}

// engines.node is written as alternatives of `^X.Y.Z` (that major, from X.Y.Z) or `>=X.Y.Z`.
function satisfies(version, range) {
  var have = parse(version);
  return range.split('||').some(function (alternative) {
    var match = /^\s*(\^|>=)\s*v?(\d+(?:\.\d+){0,2})\s*$/.exec(alternative);
    if (!match) throw new Error('scripts/check-node.cjs cannot read engines.node alternative "' + alternative + '"');
    var need = parse(match[2]);
    return atLeast(have, need) && (match[1] === '>=' || have[0] === need[0]);
  });
}

if (require.main === module && !satisfies(process.versions.node, engines)) {
  var getIt = 'get it from https://nodejs.org/en/download';
  if (process.platform === 'linux' && (process.arch === 'x64' || process.arch === 'arm64')) {
    getIt += ', or where the system has no newer Node, run `npm install --prefix ~/.node24 node-linux-' + process.arch +
      '@24` and put ~/.node24/node_modules/.bin first on PATH';
  }
  console.error(
    'Ringbinder needs Node.js 24 LTS (package.json engines: ' + engines + ') and this is Node.js ' +
      process.versions.node + ': ' + getIt + '.'
  );
  process.exit(1);
}

module.exports = { satisfies: satisfies };
