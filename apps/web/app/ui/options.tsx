/** A select's choices from a list of values, each labelled by `label` (its translation, usually). */
export function Options<T extends string>({ values, label }: { values: readonly T[]; label: (value: T) => string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ))
}
