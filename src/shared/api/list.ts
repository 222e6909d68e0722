/** The answer of every list call: one page of `results`, and how many there are in all (`total`). */
export interface List<T> {
  results: T[];
  total: number;
}
