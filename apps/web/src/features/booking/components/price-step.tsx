import { customerPriceError, parseWholePounds, presetPricesFor, VALIDATION_DEBOUNCE_MS } from '@app/domain';
import { Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import classes from './booking-wizard.module.css';

/** 'minimum', 'custom', or a preset as text ('45'). */
export type PriceOption = string;
export const MINIMUM_OPTION = 'minimum';
export const CUSTOM_OPTION = 'custom';

/** The price the choice stands for, or null while it is not a valid offer. */
export function chosenPrice(option: PriceOption | null, customPrice: string, minimum: number): number | null {
  if (option === null) return null;
  if (option === MINIMUM_OPTION) return minimum;
  if (option === CUSTOM_OPTION) {
    return customerPriceError(customPrice, minimum) === null ? parseWholePounds(customPrice) : null;
  }
  const preset = Number(option);
  return customerPriceError(preset, minimum) === null ? preset : null;
}

interface PriceStepProps {
  businessName: string;
  minimum: number;
  option: PriceOption | null;
  customPrice: string;
  onOptionChange: (option: PriceOption) => void;
  onCustomPriceChange: (value: string) => void;
}

interface PriceCardProps {
  value: PriceOption;
  title: string;
  caption?: string;
  /** The card's accessible name. */
  label: string;
}

function PriceCard({ value, title, caption, label }: PriceCardProps) {
  const className = [classes.choiceCard, classes.priceCard, value === CUSTOM_OPTION && classes.customCard]
    .filter(Boolean)
    .join(' ');
  return (
    <Radio.Card value={value} className={className} aria-label={label}>
      <Text fw={800} fz={{ base: 20, sm: 22 }} lh={1.1}>
        {title}
      </Text>
      {caption ? (
        <Text size="xs" c="dimmed" mt={4}>
          {caption}
        </Text>
      ) : null}
    </Radio.Card>
  );
}

/**
 * Step 2: the minimum itself, four steps of £5 above it (issue 29, item 7, amending spec §9's fixed
 * £45–£80), or a custom whole-pound offer ('£30' as people type it is fine).
 */
export function PriceStep({
  businessName,
  minimum,
  option,
  customPrice,
  onOptionChange,
  onCustomPriceChange,
}: PriceStepProps) {
  const [isCustomTouched, setCustomTouched] = useState(false);
  const customInputRef = useRef<HTMLInputElement>(null);
  const chooseOption = (next: PriceOption) => {
    onOptionChange(next);
    if (next !== CUSTOM_OPTION) return;
    // The field appears below the cards: focus it and bring it clear of a phone's sticky buttons.
    requestAnimationFrame(() => {
      customInputRef.current?.focus({ preventScroll: true });
      customInputRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };
  const [debouncedCustom] = useDebouncedValue(customPrice, VALIDATION_DEBOUNCE_MS);
  const presets = presetPricesFor(minimum);
  // Checked 300 ms after typing stops, and at once after leaving the field (spec §5 habits).
  const checkedValue = isCustomTouched ? customPrice : debouncedCustom;
  const customError =
    option === CUSTOM_OPTION && (isCustomTouched || checkedValue.trim() !== '')
      ? customerPriceError(checkedValue, minimum)
      : null;

  return (
    <Stack gap="lg">
      <Text c="dimmed">
        Offer what you would like to pay. {businessName}’s minimum is £{minimum}; they can approve your offer
        or suggest another price.
      </Text>
      <Radio.Group value={option} onChange={chooseOption} label="Your offer">
        <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="sm" mt="xs">
          <PriceCard
            value={MINIMUM_OPTION}
            title={`£${minimum}`}
            caption="Minimum"
            label={`£${minimum} (minimum)`}
          />
          {presets.map((preset) => (
            <PriceCard key={preset} value={String(preset)} title={`£${preset}`} label={`£${preset}`} />
          ))}
          <PriceCard value={CUSTOM_OPTION} title="Custom" caption="Name your price" label="Custom amount" />
        </SimpleGrid>
      </Radio.Group>
      {option === CUSTOM_OPTION ? (
        <TextInput
          label="Custom price"
          description={`Whole pounds, £${minimum} or more`}
          leftSection="£"
          inputMode="numeric"
          autoComplete="off"
          maw={280}
          value={customPrice}
          onChange={(event) => onCustomPriceChange(event.currentTarget.value)}
          onBlur={() => setCustomTouched(true)}
          error={customError}
          ref={customInputRef}
        />
      ) : null}
    </Stack>
  );
}
