// The day navigator of a plan: one button a day, seven to a row, the chosen
// one pressed and the days done ticked.

export function DayPicker(props: { count: number; selected: number; onSelect: (day: number) => void; done: ReadonlySet<number>; label: string }) {
  const { count, selected, onSelect, done } = props;
  return (
    <div className="day-picker" role="group" aria-label={props.label}>
      {Array.from({ length: count }, (_, i) => i + 1).map((day) => (
        <button
          key={day}
          type="button"
          className={`day-button ${day === selected ? 'day-selected' : ''} ${done.has(day) ? 'day-done' : ''}`}
          aria-pressed={day === selected}
          aria-label={`Day ${day}${done.has(day) ? ', done' : ''}`}
          onClick={() => onSelect(day)}
        >
          {done.has(day) ? '✓' : day}
        </button>
      ))}
    </div>
  );
}
