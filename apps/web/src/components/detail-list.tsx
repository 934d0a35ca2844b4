import type { ReactNode } from 'react';
import classes from './detail-list.module.css';

/** A label/value list for profile cards: label above value when narrow, side by side when wide. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className={classes.details}>{children}</dl>;
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.detailRow}>
      <dt className={classes.detailLabel}>{label}</dt>
      <dd className={classes.detailValue}>{children}</dd>
    </div>
  );
}
