/** Unless every field of Row is named: a type no argument list satisfies, showing what is missing. */
type Complete<Row, Names extends readonly (keyof Row & string)[]> = [Exclude<keyof Row, Names[number]>] extends [never]
  ? unknown
  : { missing: Exclude<keyof Row, Names[number]> };

/**
 * The column list of a raw SELECT/RETURNING that must yield a generated model type: the
 * compiler refuses a name the model lacks and a model field left out, so a renamed or added
 * column breaks the build, not a request. `columnList<TokenExchangeProfile>()('id', 'name', ...)`.
 */
export function columnList<Row>() {
  return <const Names extends readonly (keyof Row & string)[]>(...names: Names & Complete<Row, Names>): string => names.join(', ');
}

/** The same check, for a statement that needs the names one by one. */
export function columnNames<Row>() {
  return <const Names extends readonly (keyof Row & string)[]>(...names: Names & Complete<Row, Names>): Names => names;
}
