import { useState } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { companyStepProblem, PLACEHOLDER_COMPANY_NAME, type CurrentUser } from '@prospector/core';
import { useSaveCompany, type CompanyAnswers } from '../api/save-company';
import { problemOf, useStepGate } from './step-gate';
import { StepHeading } from './step-heading';

type CompanyStepProps = {
  user: CurrentUser;
  saved: CompanyAnswers;
  onSaved: (answers: CompanyAnswers) => void;
};

/** Step 1: the company's name (not the placeholder) and the user's own name; saved on NEXT. */
export function CompanyStep({ user, saved, onSaved }: CompanyStepProps) {
  const [companyName, setCompanyName] = useState(
    saved.companyName === PLACEHOLDER_COMPANY_NAME ? '' : saved.companyName,
  );
  const [userName, setUserName] = useState(saved.userName);
  const save = useSaveCompany(user);

  useStepGate(async () => {
    const problem = companyStepProblem(companyName, userName);
    if (problem) return problem;
    const answers = { companyName: companyName.trim(), userName: userName.trim() };
    if (answers.companyName === saved.companyName && answers.userName === saved.userName) return null;
    try {
      await save.mutateAsync(answers);
    } catch (error) {
      return problemOf(error);
    }
    onSaved(answers);
    return null;
  });

  return (
    <Stack gap="lg">
      <StepHeading title="Your company">Texts and your team see these names.</StepHeading>
      <TextInput
        label="Company name"
        placeholder="e.g. Sierra Realty"
        value={companyName}
        maxLength={100}
        onChange={(e) => setCompanyName(e.currentTarget.value)}
        data-autofocus
      />
      <TextInput
        label="Your name"
        placeholder="e.g. Ann Walker"
        value={userName}
        maxLength={100}
        onChange={(e) => setUserName(e.currentTarget.value)}
      />
    </Stack>
  );
}
