// Counted words as people write them: "1 change", "3 changes".

export function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
