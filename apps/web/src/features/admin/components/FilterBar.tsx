import styles from './Console.module.css';

interface FilterBarProps<F extends string> {
  label: string;
  filters: readonly F[];
  current: F;
  labelOf: (filter: F) => string;
  onSelect: (filter: F) => void;
}

/** Toggle buttons choosing what a list shows (one pressed at a time). */
export function FilterBar<F extends string>({
  label,
  filters,
  current,
  labelOf,
  onSelect,
}: FilterBarProps<F>) {
  return (
    <fieldset className={styles.filters}>
      <legend className="visually-hidden">{label}</legend>
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          className={styles.filter}
          aria-pressed={filter === current}
          onClick={() => onSelect(filter)}
        >
          {labelOf(filter)}
        </button>
      ))}
    </fieldset>
  );
}
