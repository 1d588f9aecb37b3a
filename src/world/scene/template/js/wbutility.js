// webots-shim's wbutility.js: helpers shared by the template modules and templates.
// Messages go to the template's error and output streams (shown as the PROTO's JavaScript output).

export function error(message) {
  stderr.push(message);
}

export function info(message) {
  stdout.push(message);
}

export function assert(statement, message) {
  if (!statement)
    error(message);
}

// An independent clone, as a JSON round trip makes it (functions and undefined values are dropped).
export function deepCopy(original) {
  return JSON.parse(JSON.stringify(original));
}

export function degreesToRadians(angle) {
  return angle * Math.PI / 180.0;
}

export function radiansToDegrees(angle) {
  return angle * 180.0 / Math.PI;
}

export function isScalar(s) {
  return typeof s === 'number';
}

// Shape checks look for the own keys only (extra keys are allowed); anything but an object fails.
function hasKeys(value, keys) {
  if (typeof value !== 'object')
    return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(value, key));
}

export function isVector2(v) {
  return hasKeys(v, ['x', 'y']);
}

export function isVector3(v) {
  return hasKeys(v, ['x', 'y', 'z']);
}

export function isAxisAngle(r) {
  return hasKeys(r, ['x', 'y', 'z', 'a']);
}

export function isQuaternion(q) {
  return hasKeys(q, ['w', 'x', 'y', 'z']);
}

export function isMatrix3(m) {
  return hasKeys(m, ['0', '1', '2', '3', '4', '5', '6', '7', '8']);
}

export function isArrayOfPoints(array, dim) {
  if (!Array.isArray(array))
    return false;
  if (dim !== 2 && dim !== 3) {
    error('wbutility.isArrayOfPoints: the dimension must be 2 or 3.');
    return false;
  }
  const check = dim === 2 ? isVector2 : isVector3;
  return array.every(check);
}
