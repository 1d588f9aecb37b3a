// webots-shim's wbgeometry.js: circles, polygons and third-order B-splines over {x, y} / {x, y, z} points.

import * as wbutility from 'wbutility.js';
import * as wbvector2 from 'wbvector2.js';
import * as wbvector3 from 'wbvector3.js';

// div + 1 points (the first one repeated at the end) on the circle of `radius` around `center`,
// starting at angle `shift`.
export function circle(radius, div, center, shift) {
  wbutility.assert(wbutility.isScalar(radius) && radius > 0, 'wbgeometry.circle: the radius must be a positive number.');
  wbutility.assert(wbutility.isScalar(div) && div > 0, 'wbgeometry.circle: div must be a positive number.');
  wbutility.assert(wbutility.isVector2(center), 'wbgeometry.circle: the center must be an object with keys x and y.');
  wbutility.assert(wbutility.isScalar(shift), 'wbgeometry.circle: the shift must be a number.');
  const step = 2 * Math.PI / div;
  const points = [];
  for (let i = 0; i <= div; ++i) {
    const angle = i * step + shift;
    points.push({x: radius * Math.cos(angle) + center.x, y: radius * Math.sin(angle) + center.y});
  }
  return points;
}

// Crossing-number test; polygons of fewer than 3 vertices contain nothing.
export function isPoint2InPolygon(p, polygon) {
  wbutility.assert(wbutility.isVector2(p), 'wbgeometry.isPoint2InPolygon: the point must be an object with keys x and y.');
  wbutility.assert(wbutility.isArrayOfPoints(polygon, 2), 'wbgeometry.isPoint2InPolygon: the polygon must be an array of {x, y} points.');
  const n = polygon.length;
  if (n < 3)
    return false;
  let inside = false;
  let crossing = 0;
  for (let i = 0; i < n; ++i) {
    const a = polygon[i];
    const b = polygon[(i + 1) % n];
    if (p.y > Math.min(a.y, b.y) && p.y <= Math.max(a.y, b.y) && p.x <= Math.max(a.x, b.x)) {
      if (a.y !== b.y)
        crossing = (p.y - a.y) * (b.x - a.x) / (b.y - a.y) + a.x;
      if (a.x === b.x || p.x <= crossing)
        inside = !inside;
    }
  }
  return inside;
}

// The point of `points` nearest to `reference` (the first one on ties; `reference` for an empty array).
export function findClosestPoint2InArray(reference, points) {
  wbutility.assert(wbutility.isVector2(reference), 'wbgeometry.findClosestPoint2InArray: the reference must be an object with keys x and y.');
  wbutility.assert(wbutility.isArrayOfPoints(points, 2), 'wbgeometry.findClosestPoint2InArray: the points must be an array of {x, y} points.');
  let best = reference;
  let bestDistance = Infinity;
  for (const point of points) {
    const d = wbvector2.distance(reference, point);
    if (d < bestDistance) {
      bestDistance = d;
      best = point;
    }
  }
  return best;
}

// Webots' orientation test: the sum of (x2 - x1)(y2 + y1) over the closed polygon is negative.
export function isPoint2ArrayClockwise(points) {
  wbutility.assert(wbutility.isArrayOfPoints(points, 2), 'wbgeometry.isPoint2ArrayClockwise: the points must be an array of {x, y} points.');
  const n = points.length;
  let total = 0;
  for (let i = 0; i < n - 1; ++i)
    total = total + (points[i + 1].x - points[i].x) * (points[i + 1].y + points[i].y);
  total = total + (points[0].x - points[n - 1].x) * (points[0].y + points[n - 1].y);
  return total < 0;
}

// Adds two mirrored points at each end of `points` (in place, as Webots' module does).
function extend(points, vector) {
  const n = points.length;
  const mirror = (a, b) => vector.add(a, vector.minus(a, b));
  points.push(mirror(points[n - 1], points[n - 2]));
  points.push(mirror(points[n], points[n - 1]));
  points.unshift(mirror(points[0], points[1]));
  points.unshift(mirror(points[0], points[1]));
}

// The cubic B-spline segment through controls q0..q3 at t, on one axis.
function segment(q0, q1, q2, q3) {
  const k0 = (-q0 + 3 * q1 - 3 * q2 + q3) / 6.0;
  const k1 = (3 * q0 - 6 * q1 + 3 * q2) / 6.0;
  const k2 = (-3 * q0 + 3 * q2) / 6.0;
  const k3 = (q0 + 4 * q1 + q2) / 6.0;
  return (t) => (k2 + t * (k1 + t * k0)) * t + k3;
}

// The curve's points: the first control point, then `subdivision` points per segment, segments
// starting at index `first` of the extended control list.
function bSpline(points, subdivision, axes, vector, first) {
  const count = points.length;
  extend(points, vector);
  const spline = [points[2]];
  for (let i = first; i < count + 1; ++i) {
    const curves = axes.map((axis) => segment(points[i - 1][axis], points[i][axis], points[i + 1][axis], points[i + 2][axis]));
    for (let j = 1; j <= subdivision; ++j) {
      const t = j / subdivision;
      const point = {};
      axes.forEach((axis, k) => {
        point[axis] = curves[k](t);
      });
      spline.push(point);
    }
  }
  return spline;
}

export function bSpline2(points, subdivision) {
  wbutility.assert(wbutility.isArrayOfPoints(points, 2), 'wbgeometry.bSpline2: the points must be an array of {x, y} points.');
  wbutility.assert(wbutility.isScalar(subdivision), 'wbgeometry.bSpline2: the subdivision must be a number.');
  return bSpline(points, subdivision, ['x', 'y'], wbvector2, 1);
}

// Webots' 3D variant starts one segment later than the 2D one.
export function bSpline3(points, subdivision) {
  wbutility.assert(wbutility.isArrayOfPoints(points, 3), 'wbgeometry.bSpline3: the points must be an array of {x, y, z} points.');
  wbutility.assert(wbutility.isScalar(subdivision), 'wbgeometry.bSpline3: the subdivision must be a number.');
  return bSpline(points, subdivision, ['x', 'y', 'z'], wbvector3, 2);
}
