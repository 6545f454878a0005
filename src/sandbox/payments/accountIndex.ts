// The records of one account out of a list that only grows (or is cut back by a rollback or a move back), without
// scanning the whole list per read: kept per list, extended with what was added since, built again when the list
// was cut (its last record seen is no longer where it was).
interface Index<T> {
  length: number;
  last: T | undefined;
  byAccount: Map<string, T[]>;
}

const indexes = new WeakMap<readonly object[], Index<object>>();

/** The records of `list` whose `keyOf` is `account`, in list order. */
export function ofAccount<T extends object>(
  list: readonly T[],
  keyOf: (t: T) => string,
  account: string,
): readonly T[] {
  let ix = indexes.get(list) as Index<T> | undefined;
  const intact = ix && ix.length <= list.length && (ix.length === 0 || list[ix.length - 1] === ix.last);
  if (!ix || !intact) {
    ix = { length: 0, last: undefined, byAccount: new Map() };
    indexes.set(list, ix as Index<object>);
  }
  for (let i = ix.length; i < list.length; i++) {
    const t = list[i];
    const own = ix.byAccount.get(keyOf(t));
    if (own) own.push(t);
    else ix.byAccount.set(keyOf(t), [t]);
  }
  ix.length = list.length;
  ix.last = list[list.length - 1];
  return ix.byAccount.get(account) ?? [];
}
