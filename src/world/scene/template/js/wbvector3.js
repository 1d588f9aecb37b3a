// webots-shim's wbvector3.js: three-dimensional vectors are objects {x, y, z}.

import * as wbutility from 'wbutility.js';

function check(v, what, fn) {
  wbutility.assert(wbutility.isVector3(v), `wbvector3.${fn}: the ${what} argument must be an object with keys x, y and z.`);
}

export function equal(vA, vB) {
  check(vA, 'first', 'equal');
  check(vB, 'second', 'equal');
  return vA.x === vB.x && vA.y === vB.y && vA.z === vB.z;
}

export function add(vA, vB) {
  check(vA, 'first', 'add');
  check(vB, 'second', 'add');
  return {x: vA.x + vB.x, y: vA.y + vB.y, z: vA.z + vB.z};
}

export function minus(vA, vB) {
  check(vA, 'first', 'minus');
  check(vB, 'second', 'minus');
  return {x: vA.x - vB.x, y: vA.y - vB.y, z: vA.z - vB.z};
}

export function multiply(v, s) {
  check(v, 'first', 'multiply');
  wbutility.assert(wbutility.isScalar(s), 'wbvector3.multiply: the second argument must be a number.');
  return {x: s * v.x, y: s * v.y, z: s * v.z};
}

export function norm(v) {
  check(v, 'first', 'norm');
  return Math.sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

export function distance(vA, vB) {
  check(vA, 'first', 'distance');
  check(vB, 'second', 'distance');
  return norm(minus(vA, vB));
}

export function cross(vA, vB) {
  check(vA, 'first', 'cross');
  check(vB, 'second', 'cross');
  return {x: vA.y * vB.z - vA.z * vB.y, y: vA.z * vB.x - vA.x * vB.z, z: vA.x * vB.y - vA.y * vB.x};
}

export function dot(vA, vB) {
  check(vA, 'first', 'dot');
  check(vB, 'second', 'dot');
  return vA.x * vB.x + vA.y * vB.y + vA.z * vB.z;
}

export function normalize(v) {
  check(v, 'first', 'normalize');
  const n = norm(v);
  if (n === 0) {
    wbutility.error('wbvector3.normalize: a zero vector cannot be normalized.');
    return null;
  }
  return {x: v.x / n, y: v.y / n, z: v.z / n};
}
