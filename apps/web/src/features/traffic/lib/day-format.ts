/** A UTC day key (2026-03-05) as a chart's axis reads it: "Mar 5". */
export const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A UTC day key in full: "Mar 5, 2026". */
export const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
