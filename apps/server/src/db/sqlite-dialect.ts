// Kysely's SQLite dialect with one change to the SQL it writes: LIMIT and OFFSET take their
// bound value through `cast(? as integer)`. SQLite's query planner reads a bare `limit ?`'s value
// (it plans ORDER BY … LIMIT with it), so every new binding expires the prepared statement and
// SQLite prepares it again on each run: 10–40 µs per paginated query (the feed's query, with
// nothing to return: 47 µs against 6 µs; docs/performance.md). Behind the cast the planner does
// not look at the value; the statement is prepared once.
import { type LimitNode, type OffsetNode, SqliteDialect, SqliteQueryCompiler } from 'kysely';

class SqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit cast(');
    this.visitNode(node.limit);
    this.append(' as integer)');
  }

  protected override visitOffset(node: OffsetNode): void {
    this.append('offset cast(');
    this.visitNode(node.offset);
    this.append(' as integer)');
  }
}

export class SahifaSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): SqliteQueryCompiler {
    return new SqliteCompiler();
  }
}
