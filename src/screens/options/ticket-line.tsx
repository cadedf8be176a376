/** One labelled figure across the ticket's width: the spot above the picker, the money below. */
export function TicketLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="options-spot">
      <span className="options-spot__label">{label}</span>
      <span className="options-spot__value num" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
