import { InvalidArgumentError } from "commander";

/** A commander parser for a whole-number option within [min, max]. */
export function integerIn(min: number, max: number) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max)
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return number;
  };
}

/** A commander parser for a number option of at least `min`. */
export function numberAtLeast(min: number) {
  return (value: string) => {
    const number = Number(value);
    if (value.trim() === "" || !Number.isFinite(number) || number < min)
      throw new InvalidArgumentError(`expected a number of at least ${min}`);
    return number;
  };
}
