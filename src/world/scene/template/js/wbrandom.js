// webots-shim's wbrandom.js: Webots' seeded generator, a linear congruential generator modulo 2^24
// (multiplier 1140671485, increment 12820163) starting from seed 0 in every expansion, computed in
// doubles as Webots' module does, so a template draws the same numbers as in Webots.

const MODULUS = 16777216; // 2^24
let state = 0;

export function seed(s) {
  state = s;
}

function next() {
  state = (1140671485 * state + 12820163) % MODULUS;
  return state;
}

// [0, 1] without arguments, [0, min] with one, [min, max] with two.
export function real(min, max) {
  if (min === undefined) {
    min = 0;
    max = 1;
  } else if (max === undefined) {
    max = min;
    min = 0;
  }
  return min + next() * (max - min) / (MODULUS - 1);
}

// [0, 2^24 - 1] without arguments, [1, min] with one (as in Webots), [min, max] with two.
export function integer(min, max) {
  if (min === undefined) {
    min = 0;
    max = MODULUS - 1;
  } else if (max === undefined) {
    max = min;
    min = 1;
  }
  return min + next() % (1 + max - min);
}
