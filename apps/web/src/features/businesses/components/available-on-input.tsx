import { DatePickerInput } from '@mantine/dates';
import { addDatesStyles } from '@/lib/dates-styles';
import { AVAILABLE_ON_FORMAT, searchWindow } from '../api/business-filters';
import classes from './business-filters-bar.module.css';

addDatesStyles();

export interface AvailableOnInputProps {
  value: string | null;
  onChange: (day: string | null) => void;
}

/** The "Free on" day filter: a day in the search window (api-contract §8.5), or any day. */
export function AvailableOnInput({ value, onChange }: AvailableOnInputProps) {
  const days = searchWindow();
  return (
    <DatePickerInput
      label="Free on"
      placeholder="Any day"
      value={value}
      onChange={onChange}
      minDate={days.first}
      maxDate={days.last}
      valueFormat={AVAILABLE_ON_FORMAT}
      size="md"
      classNames={{ placeholder: classes.anyDay }}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear day' }}
    />
  );
}
