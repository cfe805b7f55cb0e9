/** Route rate limits counted per signed-in user (by address for anyone else). */
export const perUser = (max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (req: { user: { id: string } | null; ip: string }) => req.user?.id ?? req.ip,
  },
});
