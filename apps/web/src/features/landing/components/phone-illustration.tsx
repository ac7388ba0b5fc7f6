import { IconBrandAndroid, IconBrandApple, IconCalendarTime } from '@tabler/icons-react';
import classes from './phone-illustration.module.css';

const THREAD: { side: 'incoming' | 'outgoing'; lines: number[] }[] = [
  { side: 'outgoing', lines: [100, 80, 55] },
  { side: 'incoming', lines: [90, 60] },
  { side: 'outgoing', lines: [100, 70] },
  { side: 'incoming', lines: [75] },
  { side: 'outgoing', lines: [95, 85, 40] },
];

/** A stylised conversation on a phone: shapes only, no made-up names or numbers. */
export function PhoneIllustration() {
  return (
    <div className={classes.stage} aria-hidden="true">
      <div className={classes.phone}>
        <div className={classes.notch} />
        <div className={classes.screen}>
          {THREAD.map((message, index) => (
            <div key={index} className={message.side === 'incoming' ? classes.incoming : classes.outgoing}>
              {message.lines.map((width, line) => (
                <div key={line} className={classes.line} style={{ width: `${width * 1.3}px` }} />
              ))}
            </div>
          ))}
        </div>
      </div>
      <div className={classes.chipTop}>
        <IconBrandAndroid size={18} color="var(--mantine-color-green-7)" />
        <IconBrandApple size={18} />
        Your own phones
      </div>
      <div className={classes.chipBottom}>
        <IconCalendarTime size={18} color="var(--mantine-color-brand-6)" />
        Weekly schedules
      </div>
    </div>
  );
}
