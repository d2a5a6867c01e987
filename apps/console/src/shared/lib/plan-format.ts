const number = new Intl.NumberFormat('en-US');

export const formatCredits = (credits: number) => `${number.format(credits)} credits`;

/** "growth" → "Growth". */
export const planLabel = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
