/** Whole years between a `YYYY-MM-DD` birth date and `now` (UTC). Others only ever see this, never the date. */
export function ageOn(birthDate: string, now: Date = new Date()): number {
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  const beforeBirthday = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}
