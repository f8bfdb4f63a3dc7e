// Every string a content item says, walked through its fields and lists.

/** A function giving every string under an item, except under the keys in `skip`. */
export function sayer(skip) {
  return function says(value, key = null, out = []) {
    if (skip.has(key)) return out;
    if (Array.isArray(value)) value.forEach((v) => says(v, key, out));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) says(v, k, out);
    else if (typeof value === 'string') out.push(value);
    return out;
  };
}
