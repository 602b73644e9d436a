/** A count with its noun in the right number: `counted(1, 'stake')` is "1 stake", `counted(2, 'stake')` "2 stakes". */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
