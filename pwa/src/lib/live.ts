// A value read live from this device's storage, as lists and badges show it.

/** `value` is undefined until the first answer; `failed` when this device's
 *  storage cannot be read. */
export interface Live<T> {
  value: T | undefined;
  failed: boolean;
}
