import { PASSWORD_CHECKLIST_DEBOUNCE_MS, PASSWORD_SPECIAL_CHARACTERS, passwordChecklist } from '@app/domain';
import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconX } from './icons';

/**
 * A rule's text with the special characters kept on one line: a browser may break after their `?`,
 * which at 375 px left the `&` alone on a line of its own.
 */
function ruleText(label: string) {
  const at = label.indexOf(PASSWORD_SPECIAL_CHARACTERS);
  if (at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <span style={{ whiteSpace: 'nowrap' }}>{PASSWORD_SPECIAL_CHARACTERS}</span>
      {label.slice(at + PASSWORD_SPECIAL_CHARACTERS.length)}
    </>
  );
}

/** The live password requirements (spec §5), updated 1000 ms after typing stops. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const [settledPassword] = useDebouncedValue(password, PASSWORD_CHECKLIST_DEBOUNCE_MS);
  const requirements = passwordChecklist(settledPassword);
  return (
    <div id={id}>
      <Text size="xs" fw={600} c="dimmed" mb={4} id={`${id}-title`}>
        Password requirements
      </Text>
      <List
        aria-labelledby={`${id}-title`}
        aria-live="polite"
        spacing={2}
        size="sm"
        center
        listStyleType="none"
      >
        {requirements.map((requirement) => (
          <List.Item
            key={requirement.id}
            data-met={requirement.met}
            c={requirement.met ? 'teal.8' : 'dimmed'}
            icon={
              <ThemeIcon
                size={18}
                radius="xl"
                color={requirement.met ? 'teal' : 'gray.4'}
                variant={requirement.met ? 'filled' : 'light'}
              >
                {requirement.met ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            <VisuallyHidden>{requirement.met ? 'Met: ' : 'Not met: '}</VisuallyHidden>
            {ruleText(requirement.label)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
