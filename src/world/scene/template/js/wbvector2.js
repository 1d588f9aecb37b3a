// webots-shim's wbvector2.js: two-dimensional vectors are objects {x, y}.

import * as wbutility from 'wbutility.js';

function check(v, what, fn) {
  wbutility.assert(wbutility.isVector2(v), `wbvector2.${fn}: the ${what} argument must be an object with keys x and y.`);
}

export function equal(vA, vB) {
  check(vA, 'first', 'equal');
  check(vB, 'second', 'equal');
  return vA.x === vB.x && vA.y === vB.y;
}

export function add(vA, vB) {
  check(vA, 'first', 'add');
  check(vB, 'second', 'add');
  return {x: vA.x + vB.x, y: vA.y + vB.y};
}

export function minus(vA, vB) {
  check(vA, 'first', 'minus');
  check(vB, 'second', 'minus');
  return {x: vA.x - vB.x, y: vA.y - vB.y};
}

export function multiply(v, s) {
  check(v, 'first', 'multiply');
  wbutility.assert(wbutility.isScalar(s), 'wbvector2.multiply: the second argument must be a number.');
  return {x: s * v.x, y: s * v.y};
}

export function norm(v) {
  check(v, 'first', 'norm');
  return Math.sqrt(v.x * v.x + v.y * v.y);
}

export function distance(vA, vB) {
  check(vA, 'first', 'distance');
  check(vB, 'second', 'distance');
  return norm(minus(vA, vB));
}

// The direction of the difference vA - vB, in radians (what Webots' module computes).
export function angle(vA, vB) {
  check(vA, 'first', 'angle');
  check(vB, 'second', 'angle');
  const d = minus(vA, vB);
  return Math.atan2(d.y, d.x);
}

export function cross(vA, vB) {
  check(vA, 'first', 'cross');
  check(vB, 'second', 'cross');
  return vA.x * vB.y - vA.y * vB.x;
}

export function dot(vA, vB) {
  check(vA, 'first', 'dot');
  check(vB, 'second', 'dot');
  return vA.x * vB.x + vA.y * vB.y;
}

export function normalize(v) {
  check(v, 'first', 'normalize');
  const n = norm(v);
  if (n === 0) {
    wbutility.error('wbvector2.normalize: a zero vector cannot be normalized.');
    return null;
  }
  return {x: v.x / n, y: v.y / n};
}

// Where segments [p1, p2] and [p3, p4] cross, or null (parallel, degenerate or apart).
export function intersection(p1, p2, p3, p4) {
  check(p1, 'first', 'intersection');
  check(p2, 'second', 'intersection');
  check(p3, 'third', 'intersection');
  check(p4, 'fourth', 'intersection');
  if (Math.max(p1.x, p2.x) < Math.min(p3.x, p4.x))
    return null;
  if ((p1.x === p2.x && p1.y === p2.y) || (p3.x === p4.x && p3.y === p4.y))
    return null;
  if ((p1.x === p2.x && p3.x === p4.x) || (p1.y === p2.y && p3.y === p4.y))
    return null;
  // each segment's line as u = slope * w + offset, with w = x unless a segment is vertical
  const alongX = p1.x !== p2.x && p3.x !== p4.x;
  const w = (p) => (alongX ? p.x : p.y);
  const u = (p) => (alongX ? p.y : p.x);
  const slope1 = (u(p1) - u(p2)) / (w(p1) - w(p2));
  const slope2 = (u(p3) - u(p4)) / (w(p3) - w(p4));
  if (slope1 === slope2)
    return null;
  const offset1 = u(p1) - slope1 * w(p1);
  const offset2 = u(p3) - slope2 * w(p3);
  const wi = (offset2 - offset1) / (slope1 - slope2);
  const ui = slope2 * wi + offset2;
  const x = alongX ? wi : ui;
  const y = alongX ? ui : wi;
  const low = Math.max(Math.min(p1.x, p2.x), Math.min(p3.x, p4.x));
  const high = Math.min(Math.max(p1.x, p2.x), Math.max(p3.x, p4.x));
  if (x < low || x > high)
    return null;
  return {x: x, y: y};
}
