import { useState, type FormEvent } from 'react';
import { deviceValue, messages, type DeviceDto, type PhoneType } from '@prospector/core';
import { ApiError } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/notify';
import { useAddMac } from '../api/add-mac';
import { useAddNumber } from '../api/add-number';

/** The computer picker's choice for a Mac not added yet. */
export const NEW_COMPUTER = 'new';

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export type AddDeviceFormOptions = {
  /** The kind chosen beforehand (the onboarding's choice); Android otherwise. */
  initialType?: PhoneType;
  /**
   * A new Mac must come with its iPhone: the onboarding needs a phone to text from, while Settings
   * may add a Mac alone and its iPhone later.
   */
  phoneRequired?: boolean;
};

/**
 * The Add device form's state and rules (spec part 2 §5): the value is checked with `deviceValue` as it
 * is typed (once the field was left or the form sent) and nothing is sent while it is invalid; duplicates
 * the screen already knows are refused at once, the server's answer is shown in the form. `onAdded`
 * gets the phone added (an iPhone, or the Mac when it was added alone).
 */
export function useAddDeviceForm(
  devices: readonly DeviceDto[],
  onAdded: (device: DeviceDto) => void,
  { initialType = 'Android', phoneRequired = false }: AddDeviceFormOptions = {},
) {
  const macs = devices.filter((d) => d.isComputer);
  const [phoneType, setPhoneType] = useState<PhoneType>(initialType);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [computerChoice, setComputerChoice] = useState<string | null>(null);
  const [macName, setMacName] = useState('');
  const [isIntel, setIsIntel] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const addNumber = useAddNumber();
  const addMac = useAddMac();

  const computer = computerChoice ?? macs[0]?._id ?? NEW_COMPUTER;
  const newComputer = phoneType === 'Apple' && computer === NEW_COMPUTER;
  const trimmed = value.trim();
  const normalized = trimmed ? deviceValue(phoneType, trimmed) : null;
  // A new Mac may be added alone (unless a phone is required): its iPhone can follow later.
  const valueRequired = !newComputer || phoneRequired;

  function valueErrorOf(sent: boolean): string | null {
    if (trimmed && normalized === null && (touched || sent)) return messages.devices.invalidId;
    if (!trimmed && valueRequired && sent) return messages.devices.invalidId;
    const taken = normalized && devices.some((d) => !d.isComputer && sameText(d.value, normalized));
    return taken ? messages.devices.duplicate : null;
  }

  function computerErrorOf(sent: boolean): string | null {
    if (phoneType !== 'Apple') return null;
    if (newComputer) {
      if (macs.some((m) => sameText(m.value, macName))) return messages.devices.duplicate;
      return sent && !macName.trim() ? messages.devices.computerFirst : null;
    }
    return sent && !macs.some((m) => m._id === computer) ? messages.devices.computerFirst : null;
  }

  function added(answer: { message: string; device: DeviceDto }) {
    notifySuccess(answer.message);
    onAdded(answer.device);
  }

  async function save() {
    if (phoneType === 'Android') {
      added(await addNumber.mutateAsync({ phoneType, value: normalized ?? trimmed }));
      return;
    }
    let name = macs.find((m) => m._id === computer)?.value ?? '';
    if (newComputer) {
      name = macName.trim();
      const answer = await addMac.mutateAsync({ macName: name, isIntel });
      // If the iPhone is then refused, the dialog stays on the Mac that now exists.
      if (answer.device) setComputerChoice(answer.device._id);
      if (!normalized) {
        // A Mac alone (Settings only); its name was required above, so the server added it.
        if (answer.device) added({ message: answer.message, device: answer.device });
        return;
      }
    }
    added(await addNumber.mutateAsync({ phoneType, value: normalized ?? trimmed, macName: name }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (valueErrorOf(true) || computerErrorOf(true)) return;
    try {
      await save();
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : messages.shell.genericError);
    }
  }

  return {
    macs,
    phoneType,
    setPhoneType: (next: PhoneType) => {
      setPhoneType(next);
      setServerError(null);
    },
    value,
    setValue,
    touch: () => setTouched(true),
    valueError: valueErrorOf(submitted),
    valueRequired,
    computer,
    setComputer: setComputerChoice,
    macName,
    setMacName,
    isIntel,
    setIsIntel,
    computerError: computerErrorOf(submitted),
    serverError,
    pending: addNumber.isPending || addMac.isPending,
    submit,
  };
}
