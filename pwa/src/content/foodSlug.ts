// The food slug of /food-recipes?food={slug}: the name lower-cased, spaces to
// hyphens (URL-encoded where it goes into an address).

export const slugOf = (name: string) => name.toLowerCase().replace(/ /g, '-');

/** The recipe page of a food. */
export const recipesPath = (name: string) => `/food-recipes?food=${encodeURIComponent(slugOf(name))}`;
