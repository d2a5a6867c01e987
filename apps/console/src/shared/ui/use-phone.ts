import { useMediaQuery } from '@mantine/hooks';

/** Mantine's xs breakpoint: below it a modal takes the whole screen. */
const PHONE = '(max-width: 36em)';

/** Whether the screen is a phone's, known at the first render so that a modal opens at its final size. */
export const usePhone = () => useMediaQuery(PHONE, window.matchMedia(PHONE).matches, { getInitialValueInEffect: false });
