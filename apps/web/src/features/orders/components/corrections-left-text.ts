/** How many more corrections a seller may make, as "once more" or "up to 3 more times" (decision 182). */
export const correctionsLeftText = (left: number) => (left === 1 ? 'once more' : `up to ${left} more times`);
