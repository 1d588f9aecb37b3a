// webots-shim's wbrotation.js: rotations are axis-angle objects {x, y, z, a} (radians), quaternions
// {w, x, y, z}, 3x3 matrices objects with keys 0..8 (row-major).

import * as wbutility from 'wbutility.js';

function checkRotation(r, what, fn) {
  wbutility.assert(wbutility.isAxisAngle(r), `wbrotation.${fn}: the ${what} argument must be an object with keys x, y, z and a.`);
}

function checkQuaternion(q, fn) {
  wbutility.assert(wbutility.isQuaternion(q), `wbrotation.${fn}: the argument must be an object with keys w, x, y and z.`);
}

function checkMatrix(m, fn) {
  wbutility.assert(wbutility.isMatrix3(m), `wbrotation.${fn}: the matrix must be an object with keys 0 to 8.`);
}

export function equal(rA, rB) {
  checkRotation(rA, 'first', 'equal');
  checkRotation(rB, 'second', 'equal');
  return rA.x === rB.x && rA.y === rB.y && rA.z === rB.z && rA.a === rB.a;
}

// Angles under 1e-4 rad give the identity around y.
export function fromQuaternion(q) {
  checkQuaternion(q, 'fromQuaternion');
  const angle = 2 * Math.acos(q.w);
  if (angle < 0.0001)
    return {a: 0, x: 0, y: 1, z: 0};
  const n = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
  return {a: angle, x: q.x / n, y: q.y / n, z: q.z / n};
}

// The axis is not normalized; a matrix whose trace is out of range gives the identity around x.
export function fromMatrix3(m) {
  checkMatrix(m, 'fromMatrix3');
  const cosAngle = (m[0] + m[4] + m[8] - 1) / 2;
  if (Math.abs(cosAngle) > 1)
    return {x: 1, y: 0, z: 0, a: 0};
  return {x: m[7] - m[5], y: m[2] - m[6], z: m[3] - m[1], a: Math.acos(cosAngle)};
}

// Normalizes `r` in place first (as Webots' module does).
export function toQuaternion(r) {
  checkRotation(r, 'first', 'toQuaternion');
  normalize(r);
  const half = r.a / 2;
  const s = Math.sin(half);
  return {w: Math.cos(half), x: r.x * s, y: r.y * s, z: r.z * s};
}

export function toMatrix3(r) {
  checkRotation(r, 'first', 'toMatrix3');
  const c = Math.cos(r.a);
  const s = Math.sin(r.a);
  const t = 1 - c;
  const xy = r.x * r.y * t;
  const xz = r.x * r.z * t;
  const yz = r.y * r.z * t;
  return {
    0: r.x * r.x * t + c, 1: xy - r.z * s, 2: xz + r.y * s,
    3: xy + r.z * s, 4: r.y * r.y * t + c, 5: yz - r.x * s,
    6: xz - r.y * s, 7: yz + r.x * s, 8: r.z * r.z * t + c,
  };
}

export function isIdentity(r) {
  return r.a === 0.0;
}

// In place: unit axis (a zero axis is reported and kept), angle brought into [-pi, pi].
export function normalize(r) {
  checkRotation(r, 'first', 'normalize');
  const length = Math.sqrt(r.x * r.x + r.y * r.y + r.z * r.z);
  if (r.x === 0 && r.y === 0 && r.z === 0) {
    wbutility.error('wbrotation.normalize: the axis is zero.');
  } else {
    const inverse = 1 / length;
    r.x = r.x * inverse;
    r.y = r.y * inverse;
    r.z = r.z * inverse;
  }
  while (r.a < -Math.PI)
    r.a = r.a + 2 * Math.PI;
  while (r.a > Math.PI)
    r.a = r.a - 2 * Math.PI;
  return r;
}

// rA then rB, through quaternions (normalizes both in place).
export function combine(rA, rB) {
  checkRotation(rA, 'first', 'combine');
  checkRotation(rB, 'second', 'combine');
  const a = toQuaternion(rA);
  const b = toQuaternion(rB);
  return fromQuaternion({
    w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  });
}

export function rotateVector3ByMatrix3(m, v) {
  checkMatrix(m, 'rotateVector3ByMatrix3');
  wbutility.assert(wbutility.isVector3(v), 'wbrotation.rotateVector3ByMatrix3: the vector must be an object with keys x, y and z.');
  return {
    x: m[0] * v.x + m[1] * v.y + m[2] * v.z,
    y: m[3] * v.x + m[4] * v.y + m[5] * v.z,
    z: m[6] * v.x + m[7] * v.y + m[8] * v.z,
  };
}

export function rotateVector3ByRotation(r, v) {
  checkRotation(r, 'first', 'rotateVector3ByRotation');
  return rotateVector3ByMatrix3(toMatrix3(r), v);
}

export function rotateVector3ByQuaternion(q, v) {
  checkQuaternion(q, 'rotateVector3ByQuaternion');
  return rotateVector3ByRotation(fromQuaternion(q), v);
}
